// ua-parser-js 1.x ships no type declarations (2.x does, but is AGPL): the part this app uses.
declare module "ua-parser-js" {
  export interface IResult {
    ua: string;
    browser: { name?: string; version?: string; major?: string };
    device: { model?: string; type?: string; vendor?: string };
    engine: { name?: string; version?: string };
    os: { name?: string; version?: string };
    cpu: { architecture?: string };
  }
  export class UAParser {
    constructor(ua?: string);
    getResult(): IResult;
  }
  export default UAParser;
}

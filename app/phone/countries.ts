// A country-code picker's option, as the server builds it (app/phone/countries.server.ts) and the forms show it.
export type CountryOption = { region: string; dial: string; name: string };

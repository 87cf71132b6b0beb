// The URL prefix of each language (no prefix = English). Its own module so that the browser's code can
// read it without the route table (app/route-table.js re-exports it for the route list).
export const localePrefixes = /** @type {const} */ ({ en: "", id: "id", ph: "ph" });

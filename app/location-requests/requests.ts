// Location-request limits shared by the server's checks and the New Search form's HTML attributes (the
// form cannot import from a .server module).
export const NAME_MAX = 60;
export const TITLE_MAX = 60;

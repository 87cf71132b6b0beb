// Intl's formatters are costly to make (a constructor resolves the locale's data: tens of microseconds,
// against under one for `format`), and a page formats with the same few options again and again: the
// home page's price lines alone made six per view, 9 % of its time under load. Formatters are kept by
// their language and options. The keys are few (three languages, a handful of option sets, the time
// zones visitors have), and the map is emptied if it ever passes a bound, so a stream of odd zones
// cannot make it grow.
const MAX_KEPT = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= MAX_KEPT) cache.clear();
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(language, options)`, made once per language and options. */
export function numberFormat(language: string | undefined, options: Intl.NumberFormatOptions = {}) {
  return kept(
    numberFormats,
    `${language}\u0000${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(language, options),
  );
}

/** `new Intl.DateTimeFormat(language, options)`, made once per language and options (the zone included). */
export function dateTimeFormat(language: string | undefined, options: Intl.DateTimeFormatOptions = {}) {
  return kept(
    dateTimeFormats,
    `${language}\u0000${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

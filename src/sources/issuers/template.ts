/**
 * The `{name}` placeholders of recipe steps, filled three ways: URL-encoded in addresses, as they are in headers and
 * bodies, regex-escaped in patterns. A value taken from a document can thus never change where a request goes
 * beyond the path segment it fills, nor what a pattern means.
 */
export type Variables = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Values that make a template checkable at start (a URL that parses once filled). */
export const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  isin: 'LU0292097234',
  isinLower: 'lu0292097234',
  lang: 'en',
};

/** The variable names a template uses. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

function fill(template: string, variables: Variables, encode: (value: string) => string): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new RangeError(`no value for ${whole}`);
    return encode(value);
  });
}

/** The URL of a step. A template that is one variable is that value (a link taken before), used as it is. */
export function fillUrl(template: string, variables: Variables): string {
  const single = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(template);
  if (single) return fill(template, variables, (value) => value);
  return fill(template, variables, encodeURIComponent);
}

/** A header or body value. */
export function fillText(template: string, variables: Variables): string {
  return fill(template, variables, (value) => value);
}

/** Strings in a JSON body, filled as text, at any depth. */
export function fillJson(value: unknown, variables: Variables): unknown {
  if (typeof value === 'string') return fillText(value, variables);
  if (Array.isArray(value)) return value.map((item) => fillJson(item, variables));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillJson(item, variables)]));
  return value;
}

/** A regular expression whose placeholders match their values literally; case-insensitive. */
export function fillPattern(template: string, variables: Variables, flags = 'i'): RegExp {
  return new RegExp(
    fill(template, variables, (value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    flags,
  );
}

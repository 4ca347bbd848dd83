/**
 * Cookie headers as a browser could hold them, bad encodings included, with
 * the value of `lead` that every reader of ours must find (core/helpers/cookies.ts):
 * the server's and the browser's tests both walk this list.
 */
export const COOKIE_HEADER_CASES: readonly (readonly [header: string, lead: string | undefined])[] =
  [
    ["lead=abc", "abc"],
    ["a=1; lead=x%20y; b=2", "x y"],
    ["lead=%ZZ", undefined],
    ["lead=%E0%B6", undefined],
    ["lead=", ""],
    ["leadx=1", undefined],
    ["lead; lead=2", "2"],
    ["", undefined],
  ];

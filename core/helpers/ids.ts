/** SPEC §5: a stored client or session id is reused only if it is a version-4 UUID, hyphens optional. */
const UUID_V4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;

/** The id in canonical form (lower case, hyphenated) when it is a valid v4 UUID; undefined otherwise. */
export function canonicalUuidV4(value: string | undefined): string | undefined {
  if (!value || !UUID_V4.test(value)) return undefined;
  const hex = value.replaceAll("-", "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The one error envelope of every JSON error answer (DESIGN "Clear errors"):
 * { "error": { "code", "message", "fields"? } }. Codes are stable, lower
 * snake case; messages are for developers; `fields` maps an input path to
 * what is wrong with it.
 */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    /** After a wrong one-time code: how many tries are left (the unsubscribe page says it). */
    triesLeft?: number;
  };
}

/**
 * The key of a `fields` message in the English messages it came from, so a
 * page can show it in the visitor's language; undefined for a message of
 * no catalog (a generic one from the validator).
 */
export function messageKey<Key extends string>(
  messages: Readonly<Record<Key, string>>,
  message: string,
): Key | undefined {
  return (Object.keys(messages) as Key[]).find((key) => messages[key] === message);
}

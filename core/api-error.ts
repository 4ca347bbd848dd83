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
  };
}

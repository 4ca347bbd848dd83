import {
  ERASURE_KINDS,
  type ErasureKind,
  parseConfirmPath,
} from "../../../core/domain/erasure-code";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

/** What went wrong with the request form (SPEC §5's three, and those of issue 14). */
export type RequestProblem = "email" | "phone" | "missing" | "send" | "busy" | "expired" | "tries";
/** What went wrong with a code. */
export type CodeProblem = "code" | "wrong" | "busy";

/**
 * The deletion request's steps (issue 14, decision 0090): the form, the
 * code(s), done. Each has an address of its own, which is where a request
 * sent without JavaScript lands (the server's redirects) and what the
 * page's script shows as it moves on. The code step's address holds the
 * request id (opaque) and the kinds of contact waited for, in its path
 * (core/domain/erasure-code.ts confirmPath); its query only what went wrong.
 */
export type UnsubscribeView =
  | {
      kind: "unsubscribe";
      step: "request";
      error?: RequestProblem | undefined;
      /** With "busy": when to try again. */
      waitMinutes?: number | undefined;
    }
  | {
      kind: "unsubscribe";
      step: "confirm";
      requestId: string;
      /** The contacts whose codes the page asks for. */
      waiting: ErasureKind[];
      /** The contact of this request erased a moment ago, when another still waits. */
      done?: ErasureKind | undefined;
      error?: CodeProblem | undefined;
      triesLeft?: number | undefined;
      waitMinutes?: number | undefined;
    }
  | { kind: "unsubscribe"; step: "done" };

export const routes: readonly PageRoute[] = [
  { path: "/unsubscribe/" },
  // The steps after the form; not for search.
  { path: "/unsubscribe/done/", slug: "done", canonical: "/unsubscribe/" },
];

/** The code step, one address per request: `/unsubscribe/confirm/[email/|phone/]{requestId}/`. */
export function match(rest: string): PageRoute | undefined {
  return parseConfirmPath(rest)
    ? { path: rest, slug: "confirm", canonical: "/unsubscribe/" }
    : undefined;
}

export const indexed = true;

const REQUEST_PROBLEMS = ["email", "phone", "missing", "send", "busy", "expired", "tries"];
const CODE_PROBLEMS = ["code", "wrong", "busy"];

function oneOf<Value extends string>(values: readonly string[], value: string | undefined) {
  return value !== undefined && values.includes(value) ? (value as Value) : undefined;
}

/** A small whole number from the address, or undefined. */
function count(value: string | undefined, max: number): number | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

export function view(route: RouteRecord, { query }: PageInputs): UnsubscribeView {
  if (route.slug === "done") return { kind: "unsubscribe", step: "done" };
  const waitMinutes = count(query.wait, 24 * 60);
  const confirm = route.slug === "confirm" ? parseConfirmPath(route.path) : undefined;
  if (confirm) {
    return {
      kind: "unsubscribe",
      step: "confirm",
      ...confirm,
      done: oneOf<ErasureKind>(ERASURE_KINDS, query.done),
      error: oneOf<CodeProblem>(CODE_PROBLEMS, query.error),
      triesLeft: count(query.tries, 9),
      waitMinutes,
    };
  }
  const error = oneOf<RequestProblem>(REQUEST_PROBLEMS, query.error);
  return { kind: "unsubscribe", step: "request", error, waitMinutes };
}

export function head(view: UnsubscribeView, t: SiteMessages) {
  const title = view.step === "done" ? t.unsubscribeDoneTitle : t.unsubscribeTitle;
  return { title: `${title} | ${t.siteName}`, description: t.unsubscribeIntro };
}

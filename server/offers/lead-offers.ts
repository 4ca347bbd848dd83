import { oddsProfileOf, oddsView } from "../../core/domain/approval-odds";
import type { ApplicationDecisions, ApplicationOffers } from "../../core/domain/decisions";
import { withRequiredOffers } from "../../core/domain/feed-config";
import { lenderSlug, matchLead } from "../../core/domain/matching";
import { rankOfferIds } from "../../core/domain/offer-quotes";
import { colomboToday } from "../../core/helpers/dates";
import { RETRY_STATUSES } from "../../core/helpers/http-retry";
import type { LeadOffers } from "../../core/views/site-contract";
import { findLead, type LeadSummary } from "../borrowers/leads";
import type { OfferSource } from "../lenders/catalogue";
import { apiLenderIds, approvedOfferIds, readApplicationDecisions } from "../lenders/decisions";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import { approvalOddsFor } from "./approval-odds";

/**
 * A lead's offers (decision 0390): the one shape that the offers page, its
 * JSON and stream, the lead feed and the partner API read, each adapting it
 * to what it answers. Its loan and income, the ids of the offers active for
 * it (approvals in force first, then the offers matched by their published
 * criteria, ranked as the offers page lists them), where the matched ones
 * came from, and the lenders' decisions (asked 0 when none was asked).
 */
export interface OffersOfLead {
  leadId: string;
  amount: number;
  termDays: number;
  monthlyIncome: number;
  activeOfferIds: number[];
  /** The feed's upstream (FEED_UPSTREAM_URL) matched them, or we did. */
  source: "upstream" | "local";
  decisions: ApplicationDecisions;
}

export interface LeadOffersOptions {
  storage: Storage;
  offers: OfferSource;
  log: Logger;
  /** The deployment's country (COUNTRY): SPEC §7 adds offers for some (ES: 67). */
  country?: string;
  /** SPEC §7's custom endpoint: when set, asked first, with the same query. */
  upstreamUrl?: string | undefined;
  /** Per attempt. */
  timeoutMs?: number;
  /** How long an upstream answer is reused for the same lead. */
  cacheMs?: number;
  /** For tests. */
  fetch?: typeof fetch;
  now?: () => number;
}

const MAX_CACHE_ENTRIES = 10_000;

/**
 * A lead's offers, read from storage at each call. The lead feed (SPEC §7)
 * is part of it: the ids of the offers active for a lead. With
 * an upstream (FEED_UPSTREAM_URL) it asks there first, retrying once on the
 * SPEC §7 statuses and giving up after a timeout; whatever goes wrong, the
 * local matching answers, so a visitor never sees an empty page because a
 * partner's server is down. Upstream answers are cached briefly per lead.
 */
export function createLeadOffers(options: LeadOffersOptions) {
  const {
    storage,
    offers,
    log,
    country = "LK",
    upstreamUrl,
    timeoutMs = 1_500,
    cacheMs = 60_000,
    fetch: fetchImpl = fetch,
    now = Date.now,
  } = options;
  const cache = new Map<string, { offerIds: number[]; expires: number }>();

  async function askUpstream(leadId: string): Promise<number[] | undefined> {
    if (!upstreamUrl) return undefined;
    const cached = cache.get(leadId);
    if (cached && cached.expires > now()) return cached.offerIds;
    const url = new URL(upstreamUrl);
    for (const [name, value] of Object.entries({
      lead_id: leadId,
      page: "all",
      direction: "swap",
      pf: "1",
    })) {
      url.searchParams.set(name, value);
    }
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const response = await fetchImpl(url, {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) {
          const ids = offerIdsOf(await response.json());
          if (!ids) throw new Error("the answer is not a list of offer ids");
          // Only offers we can show: an id missing from our catalogue has no terms to price.
          const known = new Set(offers().map((offer) => offer.offer_id));
          const offerIds = ids.filter((id) => known.has(id));
          if (cache.size >= MAX_CACHE_ENTRIES) cache.clear();
          cache.set(leadId, { offerIds, expires: now() + cacheMs });
          return offerIds;
        }
        if (attempt === 1 && RETRY_STATUSES.has(response.status)) continue;
        log.warn("lead feed upstream failed", { status: response.status, attempt });
        return undefined;
      } catch (error) {
        log.warn("lead feed upstream failed", {
          attempt,
          reason: error instanceof Error ? error.name : "unknown",
        });
        // A timeout or a network error: the read is retried once too.
        if (attempt === 1) continue;
        return undefined;
      }
    }
    return undefined;
  }

  /**
   * The offers active for a lead: the lenders' approvals in force first, then
   * the offers matched by their published criteria (upstream's, or ours), each
   * ranked by what the borrower pays; and the lead's decisions. A lender that
   * decides through its API (decision_mode api) is offered only by its
   * approval: its products are never "matched" by criteria it does not decide by.
   */
  async function offersOf(lead: LeadSummary): Promise<OffersOfLead> {
    const at = new Date(now());
    const [approved, apiLenders, upstream, decisions] = await Promise.all([
      approvedOfferIds(storage, lead.leadId, at),
      apiLenderIds(storage),
      askUpstream(lead.leadId),
      readApplicationDecisions(storage, lead.leadId, at).then((read) =>
        withApprovalOdds(storage, lead, read),
      ),
    ]);
    const byApi = new Set(
      offers()
        .filter((offer) => apiLenders.has(lenderSlug(offer)))
        .map((offer) => offer.offer_id),
    );
    // Matched again against today's catalogue: offers come and go.
    const matched = (upstream ?? matchLead(offers(), lead.profile)).filter(
      (id) => !byApi.has(id) && !approved.includes(id),
    );
    // Ranked as the offers page lists them (decision 0120): approvals in force by what the
    // borrower pays for the loan approved, then the matched offers by their total to pay.
    const inForce = new Set(approved);
    const approvals = {
      ...decisions,
      decisions: decisions.decisions.filter(
        (decision) => decision.offer !== undefined && inForce.has(decision.offer.offerId),
      ),
    };
    return {
      leadId: lead.leadId,
      amount: lead.amount,
      termDays: lead.termDays,
      monthlyIncome: lead.profile.monthlyIncome,
      // SPEC §7: a country's required offers (ES: 67) come last, if missing (0324).
      activeOfferIds: withRequiredOffers(
        country,
        rankOfferIds(offers(), lead, colomboToday(at), [...approved, ...matched], {
          decisions: approvals,
          monthlyIncome: lead.profile.monthlyIncome,
        }),
      ),
      source: upstream ? "upstream" : "local",
      decisions,
    };
  }

  return {
    /** A verified lead's offers, or undefined for an unknown lead. */
    async read(leadId: string): Promise<OffersOfLead | undefined> {
      const lead = await findLead(storage, leadId);
      return lead ? offersOf(lead) : undefined;
    },
  };
}

export type LeadOffersSource = ReturnType<typeof createLeadOffers>;

/**
 * What the offers page's state holds of them (core/views/site-contract.ts
 * LeadOffers): the decisions only when a lender was asked.
 */
export function offersPageLead(lead: OffersOfLead): LeadOffers {
  const { leadId, amount, termDays, activeOfferIds, decisions, monthlyIncome } = lead;
  return {
    leadId,
    amount,
    termDays,
    activeOfferIds,
    ...(decisions.asked > 0 ? { decisions } : {}),
    monthlyIncome,
  };
}

/** What GET /api/applications/{leadId}/offers and each event of its stream carry. */
export function applicationOffersOf(lead: OffersOfLead): ApplicationOffers {
  const { amount, termDays, activeOfferIds, decisions } = lead;
  return { amount, termDays, activeOfferIds, decisions };
}

/**
 * The decisions, each lender that has not answered yet (waiting, pending)
 * with its odds for the applicant's bucket (issue 36): one read of the
 * day's counts, only while some lender is still to answer; an answered
 * lender carries its answer instead.
 */
async function withApprovalOdds(
  storage: Storage,
  lead: LeadSummary,
  decisions: ApplicationDecisions,
): Promise<ApplicationDecisions> {
  const deciding = decisions.decisions
    .filter((decision) => decision.status === "waiting" || decision.status === "pending")
    .map((decision) => decision.lenderId);
  const profile = oddsProfileOf(lead.profile);
  if (deciding.length === 0 || !profile) return decisions;
  const odds = await approvalOddsFor(storage, profile, deciding);
  if (odds.size === 0) return decisions;
  return {
    ...decisions,
    decisions: decisions.decisions.map((decision) => {
      const estimate = deciding.includes(decision.lenderId) && odds.get(decision.lenderId);
      return estimate ? { ...decision, approvalOdds: oddsView(estimate) } : decision;
    }),
  };
}

/** A list of offer ids, as SPEC §7 answers, or undefined. Also takes `{ "offers": [...] }`. */
function offerIdsOf(body: unknown): number[] | undefined {
  const list = Array.isArray(body)
    ? body
    : ((body as { offers?: unknown } | null)?.offers ?? undefined);
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((item) => (typeof item === "string" ? Number(item) : item));
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? (ids as number[]) : undefined;
}

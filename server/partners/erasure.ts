import { sql } from "kysely";
import type { ErasureStep } from "../storage/erasure-steps";

/**
 * The partners' part of an erasure (decision 0391): a lead's "offers ready"
 * postback is about the lead alone, so it goes (and is not sent); the
 * click postbacks keep their click and payout, not the link to the lead
 * (the lead's id leaves their URL too). They held no contact: none counts.
 */
export const partnersErasure: ErasureStep = {
  feature: "partners",
  async erase({ trx, leadIds }) {
    if (leadIds.length === 0) return 0;
    await trx.deleteFrom("partner_lead_postbacks").where("lead_id", "in", leadIds).execute();
    for (const leadId of leadIds) {
      await trx
        .updateTable("partner_postbacks")
        .set({ lead_id: null, url: sql<string | null>`replace(url, ${leadId}, '')` })
        .where("lead_id", "=", leadId)
        .execute();
    }
    return 0;
  },
};

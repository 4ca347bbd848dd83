import type { RunningLender } from "./network";
import type { ApiLenderSpec } from "./register";

/** What registers a running sandbox lender: live, sandbox, deciding by its API on loopback. */
export function sandboxLenderSpec(running: RunningLender): ApiLenderSpec {
  const { lender } = running;
  return {
    id: lender.id,
    names: lender.names,
    apiUrl: running.url,
    apiSecret: running.secret,
    apiFields: lender.apiFields,
    sandbox: true,
    status: "live",
    products: lender.products,
  };
}

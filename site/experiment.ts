import {
  experimentFor,
  FLOW_QUERY_PARAMETER,
  FLOW_STORAGE_KEY,
  resolveFlow,
} from "../core/domain/experiments";
import { runtimeConfig } from "./runtime-config";
import { readStored, store } from "./web-storage";

/**
 * The visitor's experiment flow in this country (SPEC §5, §9), in the
 * browser only (local storage), after hydration: `exp_flow` in the address
 * overrides and is kept when it is a variant; a new visitor on the root
 * path of a locale is drawn 50/50. Undefined when the visitor is in no
 * experiment (yet).
 */
export function experimentFlow(onLocaleRoot: boolean): string | undefined {
  const { flow, store: toStore } = resolveFlow({
    experiment: experimentFor(runtimeConfig().country),
    stored: readStored("localStorage", FLOW_STORAGE_KEY),
    query: new URLSearchParams(window.location.search).get(FLOW_QUERY_PARAMETER),
    onLocaleRoot,
    random: Math.random,
  });
  if (toStore) store("localStorage", FLOW_STORAGE_KEY, toStore);
  return flow;
}

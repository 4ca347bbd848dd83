import type { CountryCode } from "./country";

/**
 * A/B experiments (SPEC §5, §9): two variants split 50/50, assigned when a
 * visitor is on the root path of a locale, kept in local storage, and
 * carried in events as `sub3` (the "flow").
 */
export interface Experiment {
  id: string;
  countries: readonly CountryCode[];
  /** Control first. */
  variants: readonly [string, string];
  /** What the variants differ in, for whoever reads the numbers. */
  about: string;
}

export const EXPERIMENTS: readonly Experiment[] = [
  {
    id: "0256.1",
    countries: ["PH", "VN", "MY"],
    variants: ["0256.1-A", "0256.1-B"],
    about: "mailing checkbox on the application form",
  },
  {
    id: "0294.1",
    countries: ["PL"],
    variants: ["0294.1-A", "0294.1-B"],
    about: "loader shown on the back button",
  },
  {
    id: "0298.1",
    countries: ["ZA"],
    variants: ["0298.1-A", "0298.1-B"],
    about: "long application form",
  },
  {
    id: "0301.1",
    countries: ["LK"],
    variants: ["0301.1-A", "0301.1-B"],
    // Ended by decision 0371: B (the steps) won; the server renders them for both variants, so
    // the flow still tags events (sub3) and no longer changes the form.
    about: "application form version 2 (one page, A) or 3 (steps, B); ended, both see B",
  },
];

/** Where the chosen variant is kept (local storage) and the query parameter that overrides it. */
export const FLOW_STORAGE_KEY = "exp_flow";
export const FLOW_QUERY_PARAMETER = "exp_flow";

/** The experiment that runs in a country, if any (one at a time per country). */
export function experimentFor(country: CountryCode): Experiment | undefined {
  return EXPERIMENTS.find((experiment) => experiment.countries.includes(country));
}

export function isVariantOf(experiment: Experiment, flow: string | null | undefined): boolean {
  return flow === experiment.variants[0] || flow === experiment.variants[1];
}

/** Every variant of every experiment: the flows an application may carry. */
export const ALL_FLOWS: readonly string[] = EXPERIMENTS.flatMap((experiment) => [
  ...experiment.variants,
]);

/**
 * The visitor's flow and what to store, by SPEC §5 and §9: `exp_flow` in
 * the query wins and is stored if it is one of the experiment's variants;
 * else the stored variant; else, on the root path of a locale only, a
 * 50/50 draw that is stored. Elsewhere a new visitor has no flow yet.
 */
export function resolveFlow(options: {
  experiment: Experiment | undefined;
  stored: string | null | undefined;
  query: string | null | undefined;
  onLocaleRoot: boolean;
  /** A number in [0, 1). */
  random: () => number;
}): { flow: string | undefined; store: string | undefined } {
  const { experiment, stored, query, onLocaleRoot, random } = options;
  if (!experiment) return { flow: undefined, store: undefined };
  if (isVariantOf(experiment, query))
    return { flow: query ?? undefined, store: query ?? undefined };
  if (isVariantOf(experiment, stored)) return { flow: stored ?? undefined, store: undefined };
  if (!onLocaleRoot) return { flow: undefined, store: undefined };
  const drawn = experiment.variants[random() < 0.5 ? 0 : 1];
  return { flow: drawn, store: drawn };
}

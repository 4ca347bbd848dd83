/**
 * The catalogs' places in the site's browser scripts (decisions 0304, 0326).
 * The site's browser builds (rollup.config.mjs, catalogSlots) replace each
 * catalog module of every locale (core/messages/si.ts, site/messages/*-ta.ts
 * …) by an empty object from here, so no page's first script carries any
 * locale's copy; a page loads its locale's chunk first
 * (site/messages/catalogs-<locale>.ts, through loadLocaleCatalogs), which
 * fills that locale's slots in place. The server and the tests import the
 * catalogs themselves and never use this module.
 */
const slots: Record<string, Record<string, unknown>> = {};
const filled = new Set<string>();

/**
 * The object that stands for the catalog exported as `name`. Read before it
 * is filled (a page's script forgot to load its locale), it throws rather
 * than show nothing, or list no keys: the island or page fails loudly.
 */
export function catalogSlot(name: string): Record<string, unknown> {
  slots[name] ??= {};
  const check = () => {
    if (!filled.has(name)) throw new Error(`The catalog ${name} is not loaded`);
  };
  return new Proxy(slots[name], {
    get(target, key, receiver) {
      check();
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      check();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      check();
      return Reflect.ownKeys(target);
    },
  });
}

/** Fills the slots with the catalogs themselves, by their export names. */
export function fillCatalogSlots(catalogs: Record<string, object>): void {
  for (const [name, catalog] of Object.entries(catalogs)) {
    slots[name] ??= {};
    Object.assign(slots[name], catalog);
    filled.add(name);
  }
}

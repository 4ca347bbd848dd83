/**
 * The Tamil catalogs' places in the site's browser scripts (decision 0304).
 * The site's browser builds (rollup.config.mjs, tamilSlots) replace each
 * Tamil catalog module (core/messages/ta.ts, site/messages/*-ta.ts …) by an
 * empty object from here, so no page's first script carries Tamil; a Tamil
 * page loads site/messages/tamil-load.ts first (loadLocaleCatalogs), which
 * fills every slot in place. The server and the tests import the catalogs
 * themselves and never use this module.
 */
const slots: Record<string, Record<string, unknown>> = {};
const filled = new Set<string>();

/**
 * The object that stands for the Tamil catalog exported as `name`. Read before
 * it is filled (a page's script forgot to load it), it throws rather than
 * show nothing: the island or page fails loudly.
 */
export function tamilSlot(name: string): Record<string, unknown> {
  slots[name] ??= {};
  return new Proxy(slots[name], {
    get(target, key, receiver) {
      if (!filled.has(name)) throw new Error(`The Tamil catalog ${name} is not loaded`);
      return Reflect.get(target, key, receiver);
    },
  });
}

/** Fills the slots with the catalogs themselves, by their export names. */
export function fillTamilSlots(catalogs: Record<string, object>): void {
  for (const [name, catalog] of Object.entries(catalogs)) {
    slots[name] ??= {};
    Object.assign(slots[name], catalog);
    filled.add(name);
  }
}

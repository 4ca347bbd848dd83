/**
 * What r2wc takes from "react", for the script-tag bundle only. r2wc writes
 * `import React from "react"` and calls React.createElement; importing
 * preact/compat's default export for that would keep all of compat
 * (Suspense, portals, class shims…) in the bundle. This module hands it the
 * same compat createElement and lets the rest be tree-shaken.
 */
import { createElement } from "preact/compat";

export { createElement };
export default { createElement };

/**
 * What scripts (the benchmark) take from the sandbox's build
 * (dist/sandbox/library.js): lenders of their own behaviours, started as
 * real servers on loopback and registered in a storage.
 */
export { openStorage } from "../storage/database";
export { defineSandboxLender, SANDBOX_LENDERS } from "./behaviours";
export { sandboxLenderSpec } from "./lenders-of";
export { startSandboxLenders } from "./network";
export { pauseLenders, registerApiLenders } from "./register";

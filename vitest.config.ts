import { defineConfig } from "vitest/config";
import { siteContent } from "./site/content/plugin.mjs";

/**
 * Four groups, run by scripts/test.mjs in this order:
 * unit (pure code, beside it), http (the Express app, no port), storage
 * (SQLite always, PostgreSQL when TEST_DATABASE_URL is set), and e2e (the
 * built server as a process and the system Chromium; needs `npm run build`).
 */
export default defineConfig({
  plugins: [siteContent()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{core,widget,site,server}/**/*.test.{ts,tsx}", "tests/*.test.ts"],
          exclude: ["**/*.http.test.ts", "**/*.storage.test.ts"],
        },
      },
      {
        extends: true,
        // A request through the whole app with a password hashed (argon2) takes 2–3 s on an
        // idle 2-core machine; on a busy one, past vitest's 5 s default.
        test: { name: "http", include: ["server/**/*.http.test.ts"], testTimeout: 20_000 },
      },
      {
        extends: true,
        test: { name: "storage", include: ["server/**/*.storage.test.ts"], testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The stylesheets the portal and back office inline (`?raw`), as built, for a test
          // that runs the app in-process (tests/support/portal-app.ts): empty otherwise.
          css: {
            include: [
              /\/(site\/(portal|lender-portal|back-office|operator|styles)|widget\/styles)\/[^/]+\.css(\?raw)?$/,
            ],
          },
          // A browser on a busy machine may take more than expect.poll's default 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // `npm run screens` only (docs/screens/): pictures, not tests; npm test never runs it.
        extends: true,
        test: {
          name: "screens",
          include: ["tests/screens/**/*.screens.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

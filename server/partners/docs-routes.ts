import { Router } from "express";
import { partnerOpenApi } from "./openapi";
import { referencePage } from "./reference";

/** GET /openapi.json and GET /reference: public, cached briefly. */
export function partnerApiDocsRouter(site: { origin: string }): Router {
  const router = Router();
  router.get("/openapi.json", (_req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(partnerOpenApi(site.origin));
  });
  router.get(["/reference", "/reference/"], (_req, res) => {
    res
      .type("html")
      .setHeader("Cache-Control", "public, max-age=300")
      .setHeader(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      .send(referencePage(partnerOpenApi(site.origin)));
  });
  return router;
}

import express, { type Response } from "express";
import { type Application, applicationSchema } from "../../core/domain/schemas/application";
import { colomboToday } from "../../core/helpers/dates";
import { parseInput } from "../http/parse";

/** The body parser of an application, for our form's endpoint and the partner API's. */
export const applicationBody = express.json({ limit: "8kb" });

/**
 * Checks an application with the form's schema, as of today in Colombo:
 * the application, or undefined once a 400 with the fields at fault is
 * answered. Our form's endpoint and the partner API's share it.
 */
export function parseApplication(res: Response, body: unknown, now: Date): Application | undefined {
  return parseInput(res, applicationSchema(colomboToday(now)), body, {
    code: "invalid_application",
    message: "The application is not valid.",
  });
}

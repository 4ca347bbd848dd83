import { definePage } from "../page";
import { DocumentPage } from "./DocumentPage";
import * as server from "./page.server";

export const documentPage = definePage({ name: "document", server, Component: DocumentPage });

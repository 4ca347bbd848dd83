/** The islands' script of pages with no island of their own (documents, the blog): decision 0271. */
import { startIslands } from "./start";

startIslands({});

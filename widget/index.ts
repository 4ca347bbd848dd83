/**
 * Entry of the script-tag bundle (dist/widget/loan-widget.js). It is
 * wrapped in an IIFE by the build and leaves no global behind.
 */
import { defineLoanElements } from "./elements";

defineLoanElements();

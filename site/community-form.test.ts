import { describe, expect, it } from "vitest";
import { REVIEW_IMAGE_MAX_BYTES } from "../core/domain/community";
import {
  commentBody,
  commentProblems,
  imageDataProblem,
  imageFileProblem,
  PHOTO_FILE_MAX_BYTES,
  reviewBody,
  reviewProblems,
} from "./community-form";

/** A 1×1 transparent PNG. */
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A data URL of `bytes` decoded bytes (their content does not matter to the size check). */
const dataUrlOf = (bytes: number, type = "image/jpeg") =>
  `data:${type};base64,${Buffer.alloc(bytes).toString("base64")}`;

describe("form checks", () => {
  const good = { name: "Nimal", email: "nimal@example.lk", text: "Useful, thank you", website: "" };

  it("accept a good comment and name each problem by its COMMUNITY_ERRORS key", () => {
    expect(commentProblems(good)).toEqual({});
    expect(commentProblems({ ...good, name: " ", email: "", text: "" })).toEqual({
      name: "required",
      email: "required",
      text: "required",
    });
    expect(
      commentProblems({ ...good, name: "N", email: "not-an-email", text: "x".repeat(2001) }),
    ).toEqual({ name: "name", email: "email", text: "comment" });
    expect(commentProblems({ ...good, name: "  Ni  ", text: " ok " })).toEqual({});
  });

  const review = {
    name: "Kumari",
    email: "kumari@example.lk",
    text: "Quick and clear service.",
    rating: 5,
    website: "",
  };

  it("check a review's name, e-mail, stars and length", () => {
    expect(reviewProblems(review)).toEqual({});
    expect(reviewProblems({ ...review, rating: 0, text: "Too short" })).toEqual({
      rating: "rating",
      text: "review",
    });
    expect(reviewProblems({ ...review, rating: 2.5 })).toEqual({ rating: "rating" });
    // Required, as a comment's is: without it the reviewer could never have the review erased.
    expect(reviewProblems({ ...review, email: " " })).toEqual({ email: "required" });
    expect(reviewProblems({ ...review, email: "kumari@" })).toEqual({ email: "email" });
  });

  it("take a review's photo as a data URL of an accepted type and size, or none", () => {
    expect(reviewProblems({ ...review, image: PNG })).toEqual({});
    expect(reviewProblems({ ...review, image: undefined })).toEqual({});
    expect(reviewProblems({ ...review, image: "" })).toEqual({});
    expect(reviewProblems({ ...review, image: "data:image/gif;base64,R0lGOD" })).toEqual({
      image: "image",
    });
  });
});

describe("a review's photo", () => {
  it("is a JPEG, PNG or WebP file of 1 byte up to the limit, by the type the browser gives", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(imageFileProblem({ type, size: 1 }), type).toBeUndefined();
      // A phone's photo of a few megabytes is shrunk before sending; past 20 MB it is not read.
      expect(imageFileProblem({ type, size: 5_000_000 }), type).toBeUndefined();
      expect(imageFileProblem({ type, size: PHOTO_FILE_MAX_BYTES }), type).toBeUndefined();
      expect(imageFileProblem({ type, size: PHOTO_FILE_MAX_BYTES + 1 }), type).toBe("image");
    }
    expect(imageFileProblem({ type: "image/png", size: 0 })).toBe("image");
    for (const type of ["image/gif", "image/svg+xml", "image/heic", "text/html", "", "IMAGE/PNG"]) {
      expect(imageFileProblem({ type, size: 100 }), type).toBe("image");
    }
  });

  it("is read as a base64 data URL that decodes to at most the limit", () => {
    expect(imageDataProblem(PNG)).toBeUndefined();
    expect(imageDataProblem(dataUrlOf(REVIEW_IMAGE_MAX_BYTES))).toBeUndefined();
    // Every padding length: 1, 2 and 0 "=" at the limit's neighbours.
    for (const bytes of [REVIEW_IMAGE_MAX_BYTES - 2, REVIEW_IMAGE_MAX_BYTES - 1]) {
      expect(imageDataProblem(dataUrlOf(bytes, "image/webp")), String(bytes)).toBeUndefined();
    }
    for (const bytes of [REVIEW_IMAGE_MAX_BYTES + 1, REVIEW_IMAGE_MAX_BYTES + 2]) {
      expect(imageDataProblem(dataUrlOf(bytes)), String(bytes)).toBe("image");
    }
    for (const wrong of [
      "",
      "data:image/png;base64,",
      "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "data:application/octet-stream;base64,iVBORw0K",
      "data:image/png,rawbytes",
      "data:image/png;base64,not base64!",
      "https://example.lk/me.png",
    ]) {
      expect(imageDataProblem(wrong), wrong).toBe("image");
    }
  });
});

describe("request bodies", () => {
  it("trim what was typed, carry the honeypot, and add parentId only for an answer", () => {
    const values = { name: " Nimal ", email: " n@example.lk ", text: " Hi there ", website: "" };
    expect(commentBody("saving", "si", values)).toEqual({
      slug: "saving",
      locale: "si",
      name: "Nimal",
      email: "n@example.lk",
      text: "Hi there",
      website: "",
    });
    expect(commentBody("saving", "en", { ...values, website: "spam" }, "c1")).toMatchObject({
      parentId: "c1",
      website: "spam",
    });
    expect(
      reviewBody("en", {
        name: " Kumari ",
        email: " K@Example.lk ",
        text: " Great ",
        rating: 4,
        website: "",
      }),
    ).toEqual({
      locale: "en",
      name: "Kumari",
      email: "K@Example.lk",
      text: "Great",
      rating: 4,
      website: "",
    });
  });

  it("send a review's photo only when there is one", () => {
    const values = {
      name: "Kumari",
      email: "k@example.lk",
      text: "Great service",
      rating: 4,
      website: "",
    };
    expect(reviewBody("si", { ...values, image: PNG })).toEqual({
      locale: "si",
      name: "Kumari",
      email: "k@example.lk",
      text: "Great service",
      rating: 4,
      image: PNG,
      website: "",
    });
    expect(reviewBody("si", { ...values, image: "" })).not.toHaveProperty("image");
    expect(reviewBody("si", { ...values, image: undefined })).not.toHaveProperty("image");
  });
});

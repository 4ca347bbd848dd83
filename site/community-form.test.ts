import { describe, expect, it } from "vitest";
import { commentBody, commentProblems, reviewBody, reviewProblems } from "./community-form";

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

  it("check a review's name, stars and length", () => {
    const review = { name: "Kumari", text: "Quick and clear service.", rating: 5, website: "" };
    expect(reviewProblems(review)).toEqual({});
    expect(reviewProblems({ ...review, rating: 0, text: "Too short" })).toEqual({
      rating: "rating",
      text: "review",
    });
    expect(reviewProblems({ ...review, rating: 2.5 })).toEqual({ rating: "rating" });
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
    expect(reviewBody("en", { name: " Kumari ", text: " Great ", rating: 4, website: "" })).toEqual(
      { locale: "en", name: "Kumari", text: "Great", rating: 4, website: "" },
    );
  });
});

import { type ArticleSummary, articleSummary, newestFirst } from "../../content/articles";
import { AUTHORS, isAuthorId } from "../../content/authors";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface AuthorView {
  kind: "author";
  id: string;
  name: string;
  bio: string;
  articles: ArticleSummary[];
}

export const routes: readonly PageRoute[] = Object.keys(AUTHORS).map((slug) => ({
  path: `/author/${slug}/`,
  slug,
}));

export const indexed = true;

export function view(route: RouteRecord, inputs: PageInputs): AuthorView | undefined {
  if (!route.slug || !isAuthorId(route.slug)) return undefined;
  const author = AUTHORS[route.slug];
  return {
    kind: "author",
    id: route.slug,
    name: author.name[inputs.locale],
    bio: author.bio[inputs.locale],
    articles: inputs.content.articles[inputs.locale]
      .filter((article) => article.meta.author === route.slug)
      .sort(newestFirst)
      .map(articleSummary),
  };
}

export function head(view: AuthorView, t: SiteMessages) {
  return { title: `${view.name} | ${t.siteName}`, description: view.bio };
}

import { useEffect } from "react";
import { groupThousands } from "../../../core/helpers/money";
import { localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { ArticleSection } from "../../components/ArticleList";
import { ContentBody, Contents } from "../../components/Contents";
import { countView } from "../../components/community/browser";
import { Comments } from "../../components/community/Comments";
import { OffersAside } from "../../components/community/OffersAside";
import { Rating } from "../../components/community/Rating";
import { ShareButton } from "../../components/ShareButton";
import { TagLinks } from "../../components/TagLinks";
import { formatContentDate } from "../../format";
import { Island } from "../../islands/Island";
import { communityMessagesFor, siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { ArticleView } from "./page.server";

export function ArticlePage({ locale, view }: PageProps<ArticleView>) {
  const t = siteMessagesFor(locale);
  const c = communityMessagesFor(locale);
  const { community } = view;
  // Once per page shown, after hydration (islands: site/islands/article.entry.tsx); the
  // server counts a visitor once a day.
  useEffect(() => {
    countView(view.slug);
  }, [view.slug]);
  return (
    <div className="article-layout">
      <article className="article" aria-labelledby="article-title">
        <header className="article-header">
          <p className="kicker">
            <a href={localizePath(locale, "/blog/")}>{t.footerBlog}</a>
          </p>
          <h1 id="article-title">{view.title}</h1>
          <p className="lead">{view.description}</p>
          <p className="article-meta">
            <a href={localizePath(locale, `/author/${view.author.id}/`)}>
              {fill(t.byAuthor, { author: view.author.name })}
            </a>
            {" · "}
            <time dateTime={view.written}>
              {fill(t.writtenOn, { date: formatContentDate(view.written) })}
            </time>
            {view.edited !== view.written ? (
              <>
                {" · "}
                <time dateTime={view.edited}>
                  {fill(t.editedOn, { date: formatContentDate(view.edited) })}
                </time>
              </>
            ) : null}
            {" · "}
            {fill(t.readingTime, { minutes: view.minutes })}
            {community ? (
              <>
                {" · "}
                {fill(c.views, { count: groupThousands(community.views) })}
              </>
            ) : null}
          </p>
          <Island name="share">
            <ShareButton locale={locale} />
          </Island>
        </header>
        <Contents locale={locale} headings={view.headings} />
        <ContentBody html={view.html} />
        <Island name="rating">
          <Rating locale={locale} slug={view.slug} summary={community?.rating} />
        </Island>
        <section className="sources" aria-labelledby="sources-title">
          <h2 id="sources-title">{t.sources}</h2>
          <ul>
            {view.sources.map((source) => (
              <li key={source.url}>
                {/* A source's own name, in English, is read as English on other pages. */}
                <a
                  href={source.url}
                  rel="noopener noreferrer external"
                  lang={locale !== "en" && /^[\x20-\x7E]+$/.test(source.title) ? "en" : undefined}
                >
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <TagLinks locale={locale} tags={view.tags} />
        <ArticleSection
          id="similar-title"
          title={t.similarArticles}
          locale={locale}
          articles={view.similar}
        />
      </article>
      <Island name="offers-aside">
        <OffersAside locale={locale} />
      </Island>
      <Island name="comments">
        <Comments locale={locale} slug={view.slug} community={community} />
      </Island>
    </div>
  );
}

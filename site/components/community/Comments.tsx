import { useState } from "react";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import type { ArticleCommunity, PublicComment } from "../../../core/views/community-data";
import { type CommentOrder, commentThreads, relativeTime } from "../../community";
import { communityMessagesFor } from "../../messages";
import { CommunityFormSlot } from "./FormSlot";

/**
 * An article's approved comments in threads (answers under the comment
 * they answer), newest or oldest first, the notice that comments are
 * moderated, and the form. Names and texts are React text: markup in them
 * shows as typed.
 */
export function Comments({
  locale,
  slug,
  community,
}: {
  locale: Locale;
  slug: string;
  community: ArticleCommunity | undefined;
}) {
  const c = communityMessagesFor(locale);
  const [order, setOrder] = useState<CommentOrder>("newest");
  const [replyTo, setReplyTo] = useState<string>();
  const comments = community?.comments ?? [];
  const threads = commentThreads(comments, order);
  // Placeholders of erased comments hold answers; they are not comments of their own.
  const count = comments.filter((comment) => !comment.erased).length;
  const one = (comment: PublicComment) =>
    comment.erased ? (
      <div className="comment">
        <p className="comment-text comment-erased">{c.commentErased}</p>
      </div>
    ) : (
      <div className="comment">
        <p className="comment-meta">
          <strong>{comment.name}</strong>{" "}
          <time dateTime={comment.createdAt}>
            {community ? relativeTime(comment.createdAt, community.now, locale) : ""}
          </time>
        </p>
        <p className="comment-text">{comment.text}</p>
      </div>
    );

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">{community ? fill(c.commentsCount, { count }) : c.commentsTitle}</h2>
      <p className="notice">{c.commentsNotice}</p>
      {threads.length > 1 ? (
        <p className="form-field comment-sort">
          <label htmlFor="comment-order">{c.sortLabel}</label>
          <select
            id="comment-order"
            value={order}
            onChange={(event) => setOrder(event.currentTarget.value as CommentOrder)}
          >
            <option value="newest">{c.sortNewest}</option>
            <option value="oldest">{c.sortOldest}</option>
          </select>
        </p>
      ) : null}
      {community && threads.length === 0 ? <p>{c.commentsNone}</p> : null}
      {threads.length > 0 ? (
        <ol className="comment-list">
          {threads.map(({ comment, replies }) => (
            <li key={comment.id} className="comment-thread">
              {one(comment)}
              {comment.erased ? null : (
                <button
                  id={`reply-${comment.id}`}
                  type="button"
                  className="button-link"
                  aria-expanded={replyTo === comment.id}
                  onClick={() => setReplyTo(replyTo === comment.id ? undefined : comment.id)}
                >
                  {c.reply}
                </button>
              )}
              {replyTo === comment.id ? (
                <CommunityFormSlot
                  locale={locale}
                  kind="comment"
                  slug={slug}
                  parentId={comment.id}
                  title={fill(c.replyTo, { name: comment.name })}
                  onCancel={() => {
                    setReplyTo(undefined);
                    document.getElementById(`reply-${comment.id}`)?.focus();
                  }}
                />
              ) : null}
              {replies.length > 0 ? (
                <ol className="comment-replies">
                  {replies.map((reply) => (
                    <li key={reply.id}>{one(reply)}</li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <CommunityFormSlot locale={locale} kind="comment" slug={slug} title={c.commentFormTitle} />
    </section>
  );
}

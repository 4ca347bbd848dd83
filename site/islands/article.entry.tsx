/** An article's islands (decision 0271): share, rating, the offers sidebar, comments; its view counted. */
import { countView } from "../components/community/browser";
import { Comments } from "../components/community/Comments";
import { OffersAside } from "../components/community/OffersAside";
import { Rating } from "../components/community/Rating";
import { ShareButton } from "../components/ShareButton";
import { startIslands, viewOf } from "./start";

startIslands(
  {
    share: (state) => <ShareButton locale={state.locale} />,
    rating: (state) => {
      const view = viewOf(state, "article");
      return <Rating locale={state.locale} slug={view.slug} summary={view.community?.rating} />;
    },
    "offers-aside": (state) => <OffersAside locale={state.locale} />,
    comments: (state) => {
      const view = viewOf(state, "article");
      return <Comments locale={state.locale} slug={view.slug} community={view.community} />;
    },
  },
  // Once per page shown; the server counts a visitor once a day.
  (state) => countView(viewOf(state, "article").slug),
);

import { BadgeCheck, Flag, PenLine, Star, ThumbsUp } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import {
  type PublicCompany,
  type PublicReview,
  reportReviewRequest,
} from "../../../shared/contracts/purchases";
import { paths } from "../../app/paths";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { CheckboxField, Form, SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDate } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { slotMark, withSlots } from "../../lib/rich-text";
import { useCompanyReviews, useMarkHelpful, useReportReview, useWriteReview } from "./api";
import { RatingSummary } from "./business-details";
import { requiredTextIn } from "./form-texts";
import type { CompanyDialogProps } from "./report-purchase";

function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span className="inline-flex" role="img" aria-label={t("reviews.stars", { rating })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={`size-4 ${star <= rating ? "fill-amber-400 text-amber-500" : "text-stone-300"}`}
        />
      ))}
    </span>
  );
}

/**
 * The web form: the rating comes from a select as text. The rating's message is the contract's English,
 * which follows the language as the contracts' messages do; the texts' messages are the screen's.
 */
const reviewForm = z.object({
  rating: z.enum(["5", "4", "3", "2", "1"], { error: "Choose a rating from 1 to 5 stars" }),
  title: requiredTextIn("reviews.title", 100),
  text: requiredTextIn("reviews.review", 2000),
  isAnonymous: z.boolean(),
});

const ratings = ["5", "4", "3", "2", "1"] as const;

export function WriteReviewDialog({ companyId, companyName, onClose }: CompanyDialogProps) {
  const write = useWriteReview(companyId);
  const t = useT();
  const form = useContractForm(reviewForm, {
    defaultValues: { rating: "5", title: "", text: "", isAnonymous: false },
  });
  return (
    <Dialog open onClose={onClose} title={t("reviews.writeTitle", { company: companyName })}>
      <Form
        form={form}
        aria-label={t("reviews.writeTitle", { company: companyName })}
        className="space-y-3"
        onValid={(values) =>
          write.mutate(
            { ...values, rating: Number(values.rating) },
            {
              onSuccess: () => {
                toast({
                  title: t("reviews.thanks"),
                  description: t("reviews.thanksText", { company: companyName }),
                });
                onClose();
              },
              onError: (failure) => {
                const applied = applyServerErrors(form, failure);
                if (Object.keys(applied).length === 0) {
                  toast({
                    title: t("reviews.postFailed"),
                    description: serverMessage(failure) ?? t("purchase.tryAgain"),
                    variant: "destructive",
                  });
                }
              },
            },
          )
        }
      >
        <SelectField name="rating" label={t("reviews.rating")} required>
          {ratings.map((rating) => (
            <option key={rating} value={rating}>
              {`${"★".repeat(Number(rating))} ${t(`reviews.rating.${rating}`)}`}
            </option>
          ))}
        </SelectField>
        <TextField
          name="title"
          label={t("reviews.title")}
          required
          maxLength={100}
          placeholder={t("reviews.titlePlaceholder")}
        />
        <TextAreaField name="text" label={t("reviews.yourReview")} required maxLength={2000} rows={5} />
        <CheckboxField name="isAnonymous" label={t("reviews.anonymous")} hint={t("reviews.anonymousHint")} />
        <Button
          type="submit"
          className="min-h-12 w-full"
          pending={write.isPending}
          pendingLabel={t("reviews.posting")}
        >
          {t("reviews.post")}
        </Button>
      </Form>
    </Dialog>
  );
}

export function ReportDialog({
  review,
  companyId,
  onClose,
}: {
  review: PublicReview;
  companyId: number;
  onClose(): void;
}) {
  const report = useReportReview(companyId);
  const form = useContractForm(reportReviewRequest, { defaultValues: { reason: "" } });
  const t = useT();
  return (
    <Dialog open onClose={onClose} title={t("reviews.reportTitle")}>
      <Form
        form={form}
        aria-label={t("reviews.reportTitle")}
        className="space-y-3"
        onValid={({ reason }) =>
          report.mutate(
            { reviewId: review.id, reason },
            {
              onSuccess: () => {
                toast({
                  title: t("reviews.reportThanks"),
                  description: t("reviews.reportThanksText"),
                });
                onClose();
              },
              onError: (failure) => {
                applyServerErrors(form, failure, { fallbackField: "reason" });
              },
            },
          )
        }
      >
        <TextField
          name="reason"
          label={t("reviews.reason")}
          required
          maxLength={300}
          placeholder={t("reviews.reasonPlaceholder")}
        />
        <Button type="submit" variant="danger" className="min-h-12 w-full" pending={report.isPending}>
          {t("reviews.report")}
        </Button>
      </Form>
    </Dialog>
  );
}

function ReviewItem({
  review,
  companyId,
  signedIn,
}: {
  review: PublicReview;
  companyId: number;
  signedIn: boolean;
}) {
  const helpful = useMarkHelpful(companyId);
  const [reporting, setReporting] = useState(false);
  const canVote = signedIn && !review.isMine;
  const t = useT();
  return (
    <li className="space-y-1.5 border-t border-stone-100 pt-3 first:border-0 first:pt-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <p className="font-bold text-stone-900">{review.title}</p>
      </div>
      <p className="text-sm whitespace-pre-line text-stone-800">{review.text}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
        <span data-testid="review-author">{review.author}</span>
        <span>· {formatAccraDate(review.createdAt)}</span>
        {review.verifiedPurchase && (
          <span className="inline-flex items-center gap-0.5 font-semibold text-emerald-700">
            <BadgeCheck className="size-3.5" aria-hidden /> {t("reviews.verifiedPurchase")}
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {canVote ? (
          <button
            type="button"
            disabled={review.votedHelpful || helpful.isPending}
            aria-pressed={review.votedHelpful}
            onClick={() =>
              helpful.mutate(review.id, {
                onError: (failure) =>
                  toast({
                    title: t("reviews.couldNotSave"),
                    description: serverMessage(failure),
                    variant: "destructive",
                  }),
              })
            }
            className="inline-flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-medium text-stone-700 ring-1 ring-stone-200 hover:bg-stone-50 disabled:opacity-70"
          >
            <ThumbsUp className="size-4" aria-hidden /> {t("reviews.helpful", { count: review.helpfulVotes })}
          </button>
        ) : (
          <span className="text-sm text-stone-600">
            {t("reviews.foundHelpful", { count: review.helpfulVotes })}
          </span>
        )}
        {canVote &&
          (review.reported ? (
            <span className="text-xs text-stone-500">{t("reviews.youReported")}</span>
          ) : (
            <button
              type="button"
              onClick={() => setReporting(true)}
              className="inline-flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm text-stone-600 hover:bg-stone-50"
            >
              <Flag className="size-4" aria-hidden /> {t("reviews.report")}
            </button>
          ))}
      </div>
      {reporting && (
        <ReportDialog review={review} companyId={companyId} onClose={() => setReporting(false)} />
      )}
    </li>
  );
}

function ReviewPage({
  companyId,
  before,
  signedIn,
}: {
  companyId: number;
  before?: number;
  signedIn: boolean;
}) {
  const query = useCompanyReviews(companyId, before);
  const [showOlder, setShowOlder] = useState(false);
  const t = useT();
  if (query.isPending) return <Skeleton className="h-24" />;
  if (query.isError)
    return <LoadError message={t("reviews.loadFailed")} onRetry={() => void query.refetch()} />;
  const { reviews, nextBefore } = query.data;
  if (!before && reviews.length === 0) {
    return <p className="text-stone-600">{t("reviews.noneYet")}</p>;
  }
  return (
    <>
      <ul className="space-y-3" aria-label={before ? t("reviews.older") : t("reviews.heading")}>
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} companyId={companyId} signedIn={signedIn} />
        ))}
      </ul>
      {nextBefore !== null &&
        (showOlder ? (
          <ReviewPage companyId={companyId} before={nextBefore} signedIn={signedIn} />
        ) : (
          <Button variant="secondary" className="min-h-11 w-full" onClick={() => setShowOlder(true)}>
            {t("reviews.older")}
          </Button>
        ))}
    </>
  );
}

/**
 * A business's reviews, from members whose purchase there staff verified. A member with a verified
 * purchase and no review yet sees "Write a review".
 */
export function PlaceReviews({ company, signedIn }: { company: PublicCompany; signedIn: boolean }) {
  const [writing, setWriting] = useState(false);
  const t = useT();
  return (
    <div className="space-y-3">
      <p>
        <RatingSummary average={company.averageRating} count={company.reviewCount} />
      </p>
      {company.me?.canReview && (
        <Button className="min-h-12 w-full sm:w-auto" onClick={() => setWriting(true)}>
          <PenLine className="size-5" aria-hidden /> {t("reviews.write")}
        </Button>
      )}
      {!signedIn && (
        <p className="text-sm text-stone-600">
          {withSlots(t("reviews.signInToReview", { signIn: slotMark("signIn") }), {
            signIn: (
              <Link
                to={paths.login}
                className={buttonClass("ghost", "min-h-11 px-0 text-amber-800 underline")}
              >
                {t("place.signIn")}
              </Link>
            ),
          })}
        </p>
      )}
      <ReviewPage companyId={company.id} signedIn={signedIn} />
      {writing && (
        <WriteReviewDialog
          companyId={company.id}
          companyName={company.name}
          onClose={() => setWriting(false)}
        />
      )}
    </div>
  );
}

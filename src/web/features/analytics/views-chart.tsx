import { useId } from "react";
import type { AnalyticsDay } from "../../../shared/contracts/analytics";
import { formatCount, formatDay } from "./analytics-format";

/** The chart's top: a round number at or above the busiest day, even so the middle line is whole. */
function scaleTop(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 4, 6, 8, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

function summaryOf(daily: AnalyticsDay[]): string {
  const total = daily.reduce((sum, day) => sum + day.views, 0);
  if (total === 0) return "No views in this period yet.";
  const busiest = daily.reduce((best, day) => (day.views > best.views ? day : best));
  return `${formatCount(total)} views in ${daily.length} days. Busiest day: ${formatDay(busiest.day)}, with ${formatCount(busiest.views)}.`;
}

const barSlot = 10;
const barWidth = 7;
const chartHeight = 100;

/**
 * Views per day as a small hand-drawn SVG bar chart (no chart library: this page loads on cheap phones).
 * The drawing is hidden from screen readers, which get the summary and a table of every day instead.
 */
export function ViewsPerDayChart({ daily }: { daily: AnalyticsDay[] }) {
  const captionId = useId();
  const top = scaleTop(Math.max(0, ...daily.map((day) => day.views)));
  const width = daily.length * barSlot;
  return (
    <figure aria-labelledby={captionId} data-testid="views-chart">
      <figcaption id={captionId} className="text-sm text-stone-600">
        {summaryOf(daily)}
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div
          aria-hidden
          className="flex h-40 flex-col justify-between text-right text-[11px] leading-none text-stone-500 tabular-nums"
        >
          <span>{formatCount(top)}</span>
          <span>{formatCount(top / 2)}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            aria-hidden
            viewBox={`0 0 ${width} ${chartHeight}`}
            preserveAspectRatio="none"
            className="block h-40 w-full"
          >
            {[0, chartHeight / 2, chartHeight].map((y) => (
              <line
                key={y}
                x1={0}
                x2={width}
                y1={y}
                y2={y}
                className="stroke-stone-200"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {daily.map((day, index) => {
              const height = (day.views / top) * chartHeight;
              return (
                <g key={day.day}>
                  <title>{`${formatDay(day.day)}: ${formatCount(day.views)} views`}</title>
                  {/* The full-height slot keeps empty days visible and gives the tooltip a target. */}
                  <rect
                    x={index * barSlot + (barSlot - barWidth) / 2}
                    y={0}
                    width={barWidth}
                    height={chartHeight}
                    className="fill-transparent hover:fill-amber-50"
                  />
                  <rect
                    x={index * barSlot + (barSlot - barWidth) / 2}
                    y={chartHeight - height}
                    width={barWidth}
                    height={height}
                    className="pointer-events-none fill-amber-600"
                  />
                </g>
              );
            })}
          </svg>
          <div aria-hidden className="mt-1 flex justify-between text-[11px] text-stone-500">
            <span>{daily[0] && formatDay(daily[0].day)}</span>
            <span>{daily.at(-1) && formatDay(daily.at(-1)!.day)}</span>
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>Views per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{formatCount(day.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as people read it (money with 2 decimals). */
  display: string;
}

interface Props {
  title: string;
  bars: readonly Bar[];
  /** columns: one upright bar per day; rows: one bar per line with its label (long outlet/user names). */
  layout: 'columns' | 'rows';
  /** "{label}: {value}" as each bar's accessible name and hover text. */
  describe: (bar: Bar) => string;
}

const COLUMN_W = 28;
const GAP = 6;
const PLOT_H = 140;
const ROW_H = 22;
const LABEL_W = 200;
const ROW_PLOT_W = 420;

/**
 * A small bar chart in plain SVG (no chart library): a titled figure, each
 * bar named by its label and value for screen readers and on hover. Values
 * below zero draw as empty bars.
 */
export function BarChart({ title, bars, layout, describe }: Props) {
  const max = Math.max(0, ...bars.map((b) => b.value)) || 1;
  const scale = (value: number, length: number) => (Math.max(0, value) / max) * length;
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{title}</figcaption>
      <div style={{ overflowX: 'auto' }}>{layout === 'columns' ? columns() : rows()}</div>
    </figure>
  );

  function columns() {
    const width = bars.length * (COLUMN_W + GAP) + GAP;
    const every = Math.max(1, Math.ceil(bars.length / 12));
    return (
      <svg role="list" aria-label={title} width={width} height={PLOT_H + 34} viewBox={`0 0 ${width} ${PLOT_H + 34}`}>
        <line x1={0} x2={width} y1={PLOT_H + 0.5} y2={PLOT_H + 0.5} stroke="#d9d9d9" />
        {bars.map((bar, i) => {
          const h = scale(bar.value, PLOT_H - 16);
          const x = GAP + i * (COLUMN_W + GAP);
          const text = describe(bar);
          return (
            <g key={bar.key} role="listitem" aria-label={text} data-value={bar.value}>
              <title>{text}</title>
              <rect x={x} y={PLOT_H - h} width={COLUMN_W} height={h} rx={2} fill="#1677ff" />
              {i % every === 0 ? (
                <text
                  x={x + COLUMN_W / 2}
                  y={PLOT_H + 14}
                  fontSize={10}
                  textAnchor="middle"
                  fill="currentColor"
                  aria-hidden
                >
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    );
  }

  function rows() {
    const height = bars.length * ROW_H + 4;
    const width = LABEL_W + ROW_PLOT_W + 110;
    return (
      <svg role="list" aria-label={title} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        {bars.map((bar, i) => {
          const w = scale(bar.value, ROW_PLOT_W);
          const y = 2 + i * ROW_H;
          const text = describe(bar);
          return (
            <g key={bar.key} role="listitem" aria-label={text} data-value={bar.value}>
              <title>{text}</title>
              <text x={LABEL_W - 8} y={y + 14} fontSize={11} textAnchor="end" fill="currentColor" aria-hidden>
                {bar.label.length > 32 ? `${bar.label.slice(0, 31)}…` : bar.label}
              </text>
              <rect x={LABEL_W} y={y + 3} width={w} height={ROW_H - 8} rx={2} fill="#1677ff" />
              <text x={LABEL_W + w + 6} y={y + 14} fontSize={11} fill="currentColor" aria-hidden>
                {bar.display}
              </text>
            </g>
          );
        })}
      </svg>
    );
  }
}

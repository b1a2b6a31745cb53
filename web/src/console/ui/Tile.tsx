// One figure of a page's summary (`<dl className="summary-tiles">`): its label over its value.
export function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="tile">
      <dt>{label}</dt>
      <dd className="tile-value">{value}</dd>
    </div>
  );
}

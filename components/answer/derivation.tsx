// How a computed value was made: its formula, and each input with its exact value and source, one
// click away in the data table (inputs may themselves be computed, e.g. a fourth quarter inside a TTM).
import type { DerivedSource } from "@/lib/data/types";
import { formatSourceLabel, tablePageHref } from "./format";
import { SourceText } from "./source-text";

export function Derivation({ source }: { source: DerivedSource }) {
  return (
    <details data-testid="data-derivation">
      <summary className="cursor-pointer">{formatSourceLabel(source)}</summary>
      <DerivationInputs source={source} />
    </details>
  );
}

function DerivationInputs({ source }: { source: DerivedSource }) {
  return (
    <ul className="mt-1 space-y-0.5 whitespace-normal pl-3">
      {source.inputs.map((input, i) => (
        <li key={`${input.metricKey}-${input.label}-${i}`} data-testid="data-derivation-input">
          {input.metricName} {input.label}: <span className="tabular-nums text-slate-700">{input.point.value}</span>{" "}
          <span className="text-slate-400">
            (<SourceText text={formatSourceLabel(input.point.source)} href={tablePageHref(input.point.source)} />)
          </span>
          {input.point.source.kind === "derived" ? <DerivationInputs source={input.point.source} /> : null}
        </li>
      ))}
      {source.note ? <li className="text-slate-400">{source.note}</li> : null}
    </ul>
  );
}

import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

// The evaluation report (eval/report.md) as a page: no raw HTML (react-markdown's default), and its
// relative chart paths ("charts/<name>.svg") pointed at the route that serves them.
const CHART_PATH = /^charts\/([a-z0-9-]+\.svg)$/;

const urlOf = (url: string) => {
  const chart = CHART_PATH.exec(url);
  return chart ? `/data/eval/${chart[1]}` : url;
};

const COMPONENTS: Components = {
  table: ({ node: _node, ...props }) => (
    <div className="overflow-x-auto">
      <table className="min-w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b px-2 py-1 text-left" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-2 py-1 align-top" {...props} />,
  h1: ({ node: _node, ...props }) => <h1 className="text-3xl" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className="mt-8 text-xl" {...props} />,
  // biome-ignore lint/performance/noImgElement: a static SVG chart served by the app, not an optimisable photo
  img: ({ node: _node, alt, ...props }) => <img alt={alt ?? ""} className="inline-block max-w-full" {...props} />,
};

export function EvalReport({ markdown }: { markdown: string }) {
  return (
    <article className="space-y-3" data-testid="eval-report">
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS} urlTransform={(url) => urlOf(url)} skipHtml>
        {markdown}
      </Markdown>
    </article>
  );
}

import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

/*
 * For agent replies, which carry formatting such as the code-built quote table. The text is
 * untrusted (a model wrote it, maybe steered by a customer): raw HTML in it is dropped, not
 * rendered (`skipHtml`, and no rehype-raw), and react-markdown's default URL filter removes
 * javascript: and other unsafe link targets.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown-text space-y-2 text-sm text-slate-900 [&_table]:w-full [&_table]:border-collapse [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border-b [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a
              href={href}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="text-blue-800 underline"
            >
              {children}
            </a>
          ),
          // Tables scroll inside the message instead of widening the page on a phone.
          table: ({ children }) => (
            <div className="overflow-x-auto">
              <table>{children}</table>
            </div>
          ),
          img: ({ alt }) => <span>{alt ? `[image: ${alt}]` : "[image]"}</span>,
          // GFM column alignment arrives as a style attribute, which the page's CSP refuses.
          th: ({ children, style }) => <th className={alignClass(style)}>{children}</th>,
          td: ({ children, style }) => <td className={alignClass(style)}>{children}</td>,
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}

function alignClass(style: { textAlign?: unknown } | undefined): string | undefined {
  if (style?.textAlign === "right") return "text-right";
  if (style?.textAlign === "center") return "text-center";
  return undefined;
}

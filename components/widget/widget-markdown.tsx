import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { useWidgetText } from "./widget-text";

/*
 * Replies to the customer are untrusted text (a model wrote them): raw HTML is dropped, unsafe
 * link targets are removed by react-markdown's URL filter, and links open outside the iframe.
 */
export function WidgetMarkdown({ text }: { text: string }) {
  const { t } = useWidgetText();
  return (
    <div className="space-y-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:italic [&_ol]:list-decimal [&_ol]:pl-5 [&_table]:w-full [&_td]:border-b [&_td]:border-slate-300 [&_td]:px-1 [&_th]:border-b [&_th]:px-1 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a href={href} rel="noopener noreferrer nofollow" target="_blank" className="underline">
              {children}
            </a>
          ),
          table: ({ children }) => (
            <div className="overflow-x-auto">
              <table>{children}</table>
            </div>
          ),
          img: ({ alt }) => <span>{alt ? t("image_described", { alt }) : t("image")}</span>,
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}

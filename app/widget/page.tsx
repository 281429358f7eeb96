import type { Metadata } from "next";
import { WidgetApp } from "@/components/widget/widget-app";

export const metadata: Metadata = { title: "Chat", robots: { index: false } };

type Props = { searchParams: Promise<{ workspace?: string | string[] }> };

// The chat panel the loader (public/widget.js) opens in an iframe on the shop's page.
export default async function WidgetPage({ searchParams }: Props) {
  const { workspace } = await searchParams;
  const key = typeof workspace === "string" ? workspace.slice(0, 100) : "";
  return (
    <main className="h-dvh">
      <WidgetApp workspace={key} />
    </main>
  );
}

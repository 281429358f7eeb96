import type { Metadata } from "next";
import { headers } from "next/headers";
import { WidgetApp } from "@/components/widget/widget-app";
import { acceptLanguageTags, preferredLanguage } from "@/lib/domain/preferred-language";

export const metadata: Metadata = { title: "Chat", robots: { index: false } };

type Props = { searchParams: Promise<{ workspace?: string | string[] }> };

// The chat panel the loader (public/widget.js) opens in an iframe on the shop's page.
export default async function WidgetPage({ searchParams }: Props) {
  const { workspace } = await searchParams;
  const key = typeof workspace === "string" ? workspace.slice(0, 100) : "";
  // The browser's languages as its request states them, for the first render; the widget then
  // reads navigator.languages itself.
  const initialLanguage = preferredLanguage(
    acceptLanguageTags((await headers()).get("accept-language")),
  );
  return (
    <main className="h-dvh">
      <WidgetApp workspace={key} initialLanguage={initialLanguage} />
    </main>
  );
}

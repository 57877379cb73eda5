import type { MetadataRoute } from "next";
import { getTranslations } from "next-intl/server";

/**
 * The web app manifest (served at /manifest.webmanifest and linked from every page by Next.js):
 * lets a phone add the chat to its home screen and open it without browser chrome.
 * Icons live in public/ (rendered from public/icon.svg by scripts/render-icons.ts). Its description
 * is in the language of the request that fetched it (the user's choice, else the browser's).
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslations("common");
  return {
    name: t("brand"),
    short_name: t("brand"),
    description: t("description"),
    id: "/",
    start_url: "/chat",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#3b55e6",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

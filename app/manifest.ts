import type { MetadataRoute } from "next";

/**
 * The web app manifest (served at /manifest.webmanifest and linked from every page by Next.js):
 * lets a phone add the chat to its home screen and open it without browser chrome.
 * Icons live in public/ (rendered from public/icon.svg by scripts/render-icons.ts).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Delegate",
    short_name: "Delegate",
    description: "Self-hosted chat with agents that delegate to subagents.",
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

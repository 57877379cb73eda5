// Renders the app's PNG icons from public/icon.svg with the machine's Chromium:
// `npx tsx scripts/render-icons.ts` after changing the SVG, then commit the PNGs.
// The maskable and Apple icons fill the whole square (the platform crops or rounds them itself),
// so they are drawn on the icon's background colour with the artwork shrunk into the safe zone.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");
const svg = readFileSync(path.join(pub, "icon.svg"), "utf8");
const BACKGROUND = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? "#3b55e6";

const targets: { file: string; size: number; fullBleed: boolean }[] = [
  { file: "icon-192.png", size: 192, fullBleed: false },
  { file: "icon-512.png", size: 512, fullBleed: false },
  { file: "icon-maskable-512.png", size: 512, fullBleed: true },
  { file: "apple-touch-icon.png", size: 180, fullBleed: true },
  { file: "favicon-32.png", size: 32, fullBleed: false },
  { file: "favicon-16.png", size: 16, fullBleed: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const page = await browser.newPage();
const pngs = new Map<string, Buffer>();
for (const t of targets) {
  const art = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  // Full bleed: background square, artwork at 80% (the maskable safe zone).
  const inner = t.fullBleed ? Math.round(t.size * 0.8) : t.size;
  await page.setViewportSize({ width: t.size, height: t.size });
  await page.setContent(
    `<html><body style="margin:0;width:${t.size}px;height:${t.size}px;display:grid;place-items:center;background:${t.fullBleed ? BACKGROUND : "transparent"}"><img src="${art}" width="${inner}" height="${inner}"></body></html>`,
  );
  const png = await page.screenshot({ omitBackground: !t.fullBleed, type: "png" });
  pngs.set(t.file, png);
  if (!t.file.startsWith("favicon-")) writeFileSync(path.join(pub, t.file), png);
}
await browser.close();

// favicon.ico: an ICO directory whose entries are PNGs (supported by every current browser).
const entries = ["favicon-16.png", "favicon-32.png"].map((f) => pngs.get(f) as Buffer);
const header = Buffer.alloc(6 + 16 * entries.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(entries.length, 4);
let offset = header.length;
entries.forEach((png, i) => {
  const size = png.readUInt32BE(16); // width from the PNG's IHDR
  const at = 6 + 16 * i;
  header.writeUInt8(size >= 256 ? 0 : size, at);
  header.writeUInt8(size >= 256 ? 0 : size, at + 1);
  header.writeUInt16LE(1, at + 4);
  header.writeUInt16LE(32, at + 6);
  header.writeUInt32LE(png.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += png.length;
});
writeFileSync(path.join(pub, "favicon.ico"), Buffer.concat([header, ...entries]));
console.log(`Wrote ${targets.length - 2} PNG icons and favicon.ico to ${pub}`);

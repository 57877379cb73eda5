// How this project launches Chromium: Debian's build (apt-get install chromium), since Playwright's
// own browser download can't run offline, with the flags that keep it off the closed network.
// Used by playwright.config.ts and by the benchmarks that drive the chat page.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

// The floor of bench/rss.ts: the smallest App Router app (one page, one route handler), served by a
// bare `next start`, to compare the app server's memory against.
export const metadata = { title: "Floor" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

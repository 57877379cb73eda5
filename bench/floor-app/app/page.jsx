// Rendered on every request, as the app's pages are.
export const dynamic = "force-dynamic";

export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
      <p>{new Date().toISOString()}</p>
    </main>
  );
}

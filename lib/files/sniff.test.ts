import { describe, expect, it } from "vitest";
import { type SniffError, sanitizeFileName, sniff } from "./sniff";

const enc = (s: string) => new TextEncoder().encode(s);

describe("sniff", () => {
  it("judges by content, names only pick among text types", () => {
    expect(sniff(enc("%PDF-1.7 ..."), "x.pdf")).toEqual({ kind: "pdf", mimeType: "application/pdf" });
    expect(sniff(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), "p.jpeg")).toEqual({
      kind: "image",
      mimeType: "image/jpeg",
    });
    expect(sniff(enc("a,b\n1,2"), "t.csv").mimeType).toBe("text/csv");
    expect(sniff(enc("{}"), "t.json").mimeType).toBe("application/json");
    expect(sniff(enc("# hi"), "README").mimeType).toBe("text/plain");
    // A PDF named .txt is a PDF.
    expect(sniff(enc("%PDF-1.4"), "notes.txt").kind).toBe("pdf");
  });

  it("refuses archives, binaries and names that promise another format", () => {
    const reason = (b: Uint8Array, n: string) => {
      try {
        sniff(b, n);
        return "accepted";
      } catch (err) {
        return (err as SniffError).reason;
      }
    };
    expect(reason(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), "a.docx")).toBe("archive");
    expect(reason(Uint8Array.from([0x1f, 0x8b, 8, 0]), "a.txt")).toBe("archive");
    expect(reason(Uint8Array.from([0xc3, 0x28]), "bad-utf8.txt")).toBe("binary");
    expect(reason(enc("text"), "image.webp")).toBe("mismatch");
    expect(reason(enc("%PDF-1.4"), "image.png")).toBe("mismatch");
  });
});

describe("sanitizeFileName", () => {
  it("keeps the last path segment without control, bidi or reserved characters", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
    expect(sanitizeFileName('a<b>:"c|?*.txt')).toBe("a_b___c___.txt");
    expect(sanitizeFileName("evil\u202Etxt.exe")).toBe("eviltxt.exe");
    expect(sanitizeFileName("..")).toBe("file");
    expect(sanitizeFileName(".hidden")).toBe("hidden");
    const long = sanitizeFileName(`${"x".repeat(300)}.csv`);
    expect(long).toHaveLength(120);
    expect(long.endsWith(".csv")).toBe(true);
  });
});

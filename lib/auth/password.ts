// Password hashing with scrypt (node:crypto): no native addon, memory-hard, constant-time compare.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  keylen: number,
  opts: object,
) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// A hash of a random password, verified against when the email is unknown so that the response
// time does not reveal whether an account exists.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

const COMMON = new Set([
  "password",
  "password1",
  "password123",
  "123456789",
  "1234567890",
  "qwertyuiop",
  "letmein123",
  "iloveyou12",
  "admin12345",
  "welcome123",
]);

/** Why a password is too weak (the catalog key of the reason, under errors.), or null when it is acceptable. */
export function passwordWeakness(password: string, email?: string): string | null {
  if (password.length < 10) return "field.password_short";
  if (password.length > 200) return "field.password_long";
  if (COMMON.has(password.toLowerCase())) return "field.password_common";
  if (
    email &&
    password.toLowerCase().includes(email.split("@")[0].toLowerCase()) &&
    email.split("@")[0].length >= 4
  )
    return "field.password_has_email";
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2 && password.length < 16) return "field.password_one_kind";
  if (/^(.)\1+$/.test(password)) return "field.password_repeated";
  return null;
}

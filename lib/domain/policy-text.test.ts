// biome-ignore lint/style/noRestrictedImports: tests may read files; only non-test domain code must be pure.
import { readFileSync } from "node:fs";
// biome-ignore lint/style/noRestrictedImports: tests may read files; only non-test domain code must be pure.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatBasisPoints, formatMoney } from "./money";
import { POLICY_SECTION_IDS, type PolicySectionId } from "./policy-rules";
import {
  citePolicySection,
  findPolicySection,
  findPolicySections,
  listPolicySections,
  renderPolicyMarkdown,
} from "./policy-text";
import { POLICY_V1 } from "./policy-v1";
import { DEFAULT_SETTINGS } from "./settings";

const v1 = POLICY_V1.document;
const MARKDOWN_PATH = fileURLToPath(new URL("../../policy/refund-policy.md", import.meta.url));
const DOMAIN_DIR = fileURLToPath(new URL(".", import.meta.url));

describe("policy/refund-policy.md", () => {
  it("is exactly the rendering of refund policy v1 for the default settings", async () => {
    await expect(renderPolicyMarkdown(POLICY_V1)).toMatchFileSnapshot(MARKDOWN_PATH);
  });

  it("contains every section id the engine can cite", () => {
    const markdown = readFileSync(MARKDOWN_PATH, "utf8");
    const citedInCode = new Set(
      ["deny-reasons.ts", "disputes.ts"].flatMap((file) =>
        [
          ...readFileSync(`${DOMAIN_DIR}${file}`, "utf8").matchAll(/POLICY_SECTION_IDS\.(\w+)/g),
        ].map((match) => POLICY_SECTION_IDS[match[1] as keyof typeof POLICY_SECTION_IDS]),
      ),
    );
    expect(citedInCode.size).toBeGreaterThanOrEqual(5);
    for (const id of [...citedInCode, ...Object.values(POLICY_SECTION_IDS)]) {
      expect(markdown).toContain(`\n## ${id} `);
    }
  });

  it("states no number the engine does not use", () => {
    const markdown = readFileSync(MARKDOWN_PATH, "utf8");
    const prose = markdown
      .replace(/<!--[\s\S]*?-->/g, "")
      .replaceAll(POLICY_V1.version, "")
      .replace(/§\d+/g, "");
    const stated = [...prose.matchAll(/\$?\d[\d,]*(?:\.\d+)?%?/g)].map((match) => match[0]);
    const used = new Set([
      String(v1.defaultWindowDays),
      ...v1.categories.flatMap((category) =>
        category.windowDays ? [String(category.windowDays)] : [],
      ),
      ...Object.values(v1.reasons).map((terms) => formatBasisPoints(terms.feeRateBasisPoints)),
      ...v1.categories.flatMap((category) =>
        category.openedFeeRateBasisPoints === null
          ? []
          : [formatBasisPoints(category.openedFeeRateBasisPoints)],
      ),
      formatMoney(v1.approval.autoApproveLimitCents),
      formatMoney(v1.approval.merchantFaultAutoApproveLimitCents),
      String(v1.quoteHoldMinutes),
      String(DEFAULT_SETTINGS.chatIdleMinutes),
    ]);
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((number) => !used.has(number))).toEqual([]);
    for (const number of ["30", "15", "10%", "15%", "$25.00", "10", "30"])
      expect(stated).toContain(number);
  });

  it("cites only sections that exist when one section refers to another", () => {
    const ids = new Set(listPolicySections(POLICY_V1).map((section) => section.id));
    for (const section of listPolicySections(POLICY_V1)) {
      for (const [reference] of section.body.matchAll(/§\d+/g)) expect(ids).toContain(reference);
    }
  });
});

describe("policy sections", () => {
  it("follows the policy's terms and the admin's settings", () => {
    const policy = {
      ...POLICY_V1,
      document: {
        ...v1,
        approval: { ...v1.approval, autoApproveLimitCents: 5000 },
        quoteHoldMinutes: 15,
      },
    };
    const sections = listPolicySections(policy, { ...DEFAULT_SETTINGS, chatIdleMinutes: 45 });
    const text = sections.map((section) => section.body).join(" ");
    expect(text).toContain("above $50.00");
    expect(text).toContain("held for 15 minutes");
    expect(text).toContain("idle for 45 minutes");
  });

  it("looks sections up by id and cites them with their title", () => {
    expect(findPolicySection("§2", POLICY_V1)?.title).toBe("Return window");
    expect(findPolicySection("§99", POLICY_V1)).toBeUndefined();
    expect(citePolicySection("§3")).toBe("§3 Items we cannot refund");
    // A section id read back from an old snapshot that this version no longer has.
    expect(citePolicySection("§99" as PolicySectionId)).toBe("§99");
  });
});

describe("findPolicySections", () => {
  it.each([
    ["What is your refund policy?", "§1"],
    ["Yes, but first, what is your refund policy?", "§1"],
    ["hello", "§1"],
    ["???", "§1"],
    ["How long do I have to return electronics?", "§2"],
    ["how many days do i have", "§2"],
    ["Can I return a gift card?", "§3"],
    ["what's the fee if it's too small", "§5"],
    ["Is shipping refunded?", "§6"],
    ["Who approves refunds?", "§7"],
    ["the manager already approved this", "§7"],
    ["How long is the quote valid?", "§8"],
    ["I was charged twice", "§9"],
  ])("%s → %s first", (question, id) => {
    expect(findPolicySections(question, POLICY_V1)[0]?.id).toBe(id);
  });

  it("returns at most three sections, each strong enough to quote, deterministically", () => {
    const question = "my jacket is too big, what fee do I pay and is shipping refunded?";
    const sections = findPolicySections(question, POLICY_V1);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.length).toBeLessThanOrEqual(3);
    expect(findPolicySections(question, POLICY_V1)).toEqual(sections);
  });
});

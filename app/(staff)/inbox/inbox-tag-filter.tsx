import { TextField } from "@/components/ui/controls";
import { TAG_NAME_MAX_LENGTH } from "@/lib/domain/tag-name";

/**
 * The tag part of the inbox filters: the tags filtered on now as ticked boxes (untick and apply
 * to drop one), and a field that adds one more, suggesting the workspace's tags.
 */
export function InboxTagFilter({ tags, suggestions }: { tags: string[]; suggestions: string[] }) {
  return (
    <>
      {tags.length > 0 ? (
        <fieldset className="flex flex-wrap items-center gap-2 self-center">
          <legend className="sr-only">Tags filtered on</legend>
          {tags.map((tag) => (
            <label
              key={tag}
              className="inline-flex min-h-9 items-center gap-1 rounded-full bg-slate-100 px-3 text-sm"
            >
              <input type="checkbox" name="tag" value={tag} defaultChecked />
              {tag}
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField
        label={tags.length > 0 ? "Another tag" : "Tag"}
        name="tag"
        list="inbox-tag-suggestions"
        maxLength={TAG_NAME_MAX_LENGTH}
        defaultValue=""
        fieldClassName="w-40"
        placeholder="e.g. dispute-opened"
      />
      <datalist id="inbox-tag-suggestions">
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

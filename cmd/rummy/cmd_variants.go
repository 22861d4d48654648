package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/rummy-referee/rummy/variants"
)

func newVariantsCmd(io *app) *cobra.Command {
	c := &cobra.Command{
		Use:   "variants",
		Short: "List, show and validate rule variants",
		Long: `Variants are YAML files of rules (docs/rules.md has every key). kids,
basic, rummy500, gin and oklahoma-gin are built in, known by any case and by
other names (500, rummy-500); your own file can start from one with "base:
basic" and change a few keys, as examples/house-rules.yaml does.`,
		Example: `  rummy variants list
  rummy variants show rummy500
  rummy variants show basic --rule runs.ace=either
  rummy variants validate examples/house-rules.yaml`,
	}
	c.AddCommand(newVariantsListCmd(io), newVariantsShowCmd(io), newVariantsValidateCmd(io))
	return c
}

type variantsListOptions struct{ json bool }

func newVariantsListCmd(io *app) *cobra.Command {
	o := &variantsListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Short:   "List the built-in variants",
		Long:    "List the built-in variants: name, title and description.\n\n" + exitHelp("when listed", "", "on a bad flag"),
		Example: `  rummy variants list --json`,
		Args:    noArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return runVariantsList(cmd.Context(), io, o) },
	}
	addJSONFlag(c, &o.json)
	return c
}

type builtinJSON struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

func runVariantsList(ctx context.Context, io *app, o *variantsListOptions) error {
	var list []builtinJSON
	for _, n := range variants.Builtins() {
		v, err := variants.Builtin(n)
		if err != nil {
			return err
		}
		list = append(list, builtinJSON{Name: n, Title: v.Title, Description: v.Description})
	}
	if o.json {
		return output{io: io.streams}.printJSON(list)
	}
	w := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', 0)
	for _, v := range list {
		fmt.Fprintf(w, "%s\t%s\t%s\n", v.Name, v.Title, v.Description)
	}
	return w.Flush()
}

type variantsShowOptions struct {
	variantFlags
	name string
	json bool
}

func newVariantsShowCmd(io *app) *cobra.Command {
	o := &variantsShowOptions{}
	c := &cobra.Command{
		Use:   "show NAME|FILE",
		Short: "Print a variant's effective rules as YAML, after base: and --rule",
		Long: "Print a variant's effective rules, every key, as YAML (or JSON with --json),\nafter its base: and the --rule changes.\n\n" +
			exitHelp("when shown", "", "when the variant is unknown, its file has problems or a --rule is bad"),
		Example: `  rummy variants show basic
  rummy variants show examples/house-rules.yaml
  rummy variants show rummy500 --rule scoring.values.pips=5 --rule scoring.ace_low_run=5`,
		Args: exactArgs(1, "one variant: a built-in NAME or a variant FILE"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeVariants(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.name = args[0]
			return runVariantsShow(cmd.Context(), io, o)
		},
	}
	c.Flags().StringArrayVar(&o.rules, "rule", nil, "change one rule, as KEY=VALUE (repeatable)")
	addJSONFlag(c, &o.json)
	return c
}

func runVariantsShow(ctx context.Context, io *app, o *variantsShowOptions) error {
	v, err := o.load(settings{Variant: o.name})
	if err != nil {
		return err
	}
	if !o.json {
		_, err = io.Out.Write(v.YAML())
		return err
	}
	// The JSON has the YAML's keys and values: one description of a
	// variant, in two notations.
	var tree any
	if err := yaml.Unmarshal(v.YAML(), &tree); err != nil {
		return err
	}
	return output{io: io.streams}.printJSON(jsonKeys(tree))
}

// jsonKeys makes the maps YAML decodes, whose keys may be numbers (a
// value by player count), maps JSON can write.
func jsonKeys(x any) any {
	switch t := x.(type) {
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, v := range t {
			m[fmt.Sprint(k)] = jsonKeys(v)
		}
		return m
	case map[string]any:
		for k, v := range t {
			t[k] = jsonKeys(v)
		}
	case []any:
		for i, v := range t {
			t[i] = jsonKeys(v)
		}
	}
	return x
}

type variantsValidateOptions struct{ file string }

func newVariantsValidateCmd(io *app) *cobra.Command {
	o := &variantsValidateOptions{}
	return &cobra.Command{
		Use:   "validate FILE",
		Short: "Check a variant file and report every problem as file:line: message",
		Long: `Check a variant file: every key known, every value of the right type and in
range, the rules consistent. Every problem is reported, each as
file:line: message.

` + exitHelp("when the file is valid", "", "when it has problems or cannot be read"),
		Example: `  rummy variants validate examples/house-rules.yaml`,
		Args:    exactArgs(1, "one variant FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.file = args[0]
			return runVariantsValidate(cmd.Context(), io, o)
		},
	}
}

func runVariantsValidate(ctx context.Context, io *app, o *variantsValidateOptions) error {
	file := o.file
	v, err := variants.LoadFile(file)
	if err != nil {
		// Every problem, one a line as file:line: message, and no
		// "rummy:" before each: editors jump to them.
		fmt.Fprintln(io.Err, err)
		return &failure{outcome: cannotJudge}
	}
	base := ""
	if v.Base != "" {
		base = ", based on " + v.Base
	}
	fmt.Fprintf(io.Out, "%s: valid (%s%s)\n", file, v.Name, base)
	return nil
}

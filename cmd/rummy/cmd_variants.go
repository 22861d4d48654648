package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/variants"
)

func newVariantsCmd(io *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "variants",
		Short: "List, show and validate rule variants",
		Long: `Variants are YAML files of rules (docs/rules.md lists every key). kids, basic, rummy500, gin
and oklahoma-gin are built in; your own file can start from one with "base: basic" and change a few
keys.`,
		Example: `  rummy variants list
  rummy variants show rummy500
  rummy variants show basic --rule runs.ace=either
  rummy variants validate examples/house-rules.yaml`,
	}
	c.AddCommand(newVariantsListCmd(io), newVariantsShowCmd(io), newVariantsValidateCmd(io))
	return c
}

func newVariantsListCmd(io *streams) *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Short:   "List the built-in variants",
		Example: `  rummy variants list`,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			w := tabwriter.NewWriter(io.Out, 0, 0, 2, ' ', 0)
			for _, n := range variants.Builtins() {
				v, err := variants.Builtin(n)
				if err != nil {
					return err
				}
				fmt.Fprintf(w, "%s\t%s\t%s\n", n, v.Title, v.Description)
			}
			return w.Flush()
		},
	}
}

func newVariantsShowCmd(io *streams) *cobra.Command {
	var f variantFlags
	c := &cobra.Command{
		Use:   "show NAME|FILE",
		Short: "Print a variant's effective rules as YAML, after base: and --rule",
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
			f.rules, _ = cmd.Flags().GetStringArray("rule")
			v, err := f.load(settings{Variant: args[0]})
			if err != nil {
				return err
			}
			_, err = io.Out.Write(v.YAML())
			return err
		},
	}
	c.Flags().StringArray("rule", nil, "change one rule, as KEY=VALUE (repeatable)")
	return c
}

func newVariantsValidateCmd(io *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "validate FILE",
		Short: "Check a variant file and report every problem as file:line: message",
		Long: `Check a variant file: every key known, every value of the right type and in
range, the rules consistent. Every problem is reported, each as
file:line: message.

Exit status: 0 when the file is valid, 2 when it has problems.`,
		Example: `  rummy variants validate examples/house-rules.yaml`,
		Args:    exactArgs(1, "one variant FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := variants.LoadFile(args[0])
			if err != nil {
				fmt.Fprintln(io.Err, err)
				return &exitError{code: exitCannot}
			}
			base := ""
			if v.Base != "" {
				base = ", based on " + v.Base
			}
			fmt.Fprintf(io.Out, "%s: valid (%s%s)\n", args[0], v.Name, base)
			return nil
		},
	}
}

# Sourced by scripts that run npm (or .ci/run) from inside another npm's script. clean_npm COMMAND... runs COMMAND
# without the outer npm's npm_* / NPM_* variables, INIT_CWD and NODE: npm_config_user_agent makes code-server's
# postinstall read the outer Node's version and refuse, npm_config_nodedir builds native addons against the
# outer Node's headers, npm_config_local_prefix points at the outer project, npm_config_allow_scripts carries
# its allowScripts.
clean_npm() {
  local drop=() v
  for v in $(compgen -e); do
    case "$v" in npm_* | NPM_* | INIT_CWD | NODE) drop+=(-u "$v") ;; esac
  done
  env "${drop[@]}" "$@"
}
